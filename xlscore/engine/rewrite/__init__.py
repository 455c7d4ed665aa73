"""Rewriting a formula's text and tokens before the engine compiles it (tables, 3-D references, LET, LAMBDA, ...)."""
