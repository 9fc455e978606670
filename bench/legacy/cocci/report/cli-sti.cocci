// cli-sti (report): the global interrupt lock, gone since 2.5.
@@
@@
(
* cli()
|
* sti()
|
* save_flags(...)
|
* restore_flags(...)
)
