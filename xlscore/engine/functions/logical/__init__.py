"""Excel's Logical functions, as Excel computes them."""
