// kdev-t (report): kdev_t, its helpers, MINOR()/MAJOR() of an i_rdev.
@@
expression E;
@@
(
* MINOR(E->i_rdev)
|
* MAJOR(E->i_rdev)
|
* MINOR(E.i_rdev)
|
* MAJOR(E.i_rdev)
|
* kdevname(...)
|
* kdev_t_to_nr(...)
|
* to_kdev_t(...)
|
* mk_kdev(...)
)

@@
typedef kdev_t;
identifier x;
@@
* kdev_t x;
