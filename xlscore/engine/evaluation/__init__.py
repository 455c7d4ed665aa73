"""Evaluating a workbook's formulas with the `formulas` engine; ``xlscore recalc`` writes the values into a copy."""
