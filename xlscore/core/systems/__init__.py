"""The scoring systems' rules, one module or folder per system, each with its source and decisions in its docstring."""
