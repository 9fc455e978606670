// export-symtab: #define EXPORT_SYMTAB removed
@@
@@
- #define EXPORT_SYMTAB
