"""Excel's Financial functions, as Excel computes them."""
