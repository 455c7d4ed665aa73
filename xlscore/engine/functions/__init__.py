"""Excel's functions that the `formulas` engine lacks or computes unlike Excel, one folder per Excel category.

Each category's modules hold a ``FUNCTIONS`` table that :mod:`xlscore.engine.evaluation.formulas_adapter` adds to
the engine's; :mod:`.database` is the Database category whole. Beside them: :mod:`.arguments`, how these functions
read an argument, and :mod:`.registered`, the host's own functions (xlscore's), registered by name.
"""
