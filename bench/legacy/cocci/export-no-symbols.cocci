// export-no-symbols: EXPORT_NO_SYMBOLS; removed
@@
@@
- EXPORT_NO_SYMBOLS;
