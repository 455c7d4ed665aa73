"""Excel's Date and Time functions, as Excel computes them."""
