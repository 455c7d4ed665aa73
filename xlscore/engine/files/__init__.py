"""Reading and writing the workbook file: the zip opened safely (:mod:`.safezip`), its parts read into a
:class:`~.contents.Book` (by :mod:`.book` from an .xlsx, by :mod:`.ods` from an .ods; cells scanned from the XML by
:mod:`.sheetxml`, in the sheetData a parser sees: :mod:`.parsed_sheet_data`), computed values written back, and the
bounds of what is taken (:mod:`.limits`)."""
