"""Excel's Engineering functions, as Excel computes them."""
