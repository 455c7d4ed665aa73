"""Excel's Lookup and Reference functions, as Excel computes them."""
