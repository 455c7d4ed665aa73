"""Excel's Text functions, as Excel computes them."""
