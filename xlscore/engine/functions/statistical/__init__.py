"""Excel's Statistical functions, as Excel computes them."""
