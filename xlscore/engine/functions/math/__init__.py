"""Excel's Math and Trig functions, as Excel computes them."""
