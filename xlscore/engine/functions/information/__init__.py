"""Excel's Information functions, as Excel computes them."""
