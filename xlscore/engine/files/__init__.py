"""Reading and writing the workbook file: the zip opened safely, cells scanned from the XML, values written back."""
