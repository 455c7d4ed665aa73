"""Excel's functions that the `formulas` engine lacks or computes unlike Excel, one folder per Excel category."""
