// sleep-on (report): the sleep_on family, gone since 3.15.
@@
@@
(
* sleep_on(...)
|
* sleep_on_timeout(...)
|
* interruptible_sleep_on(...)
|
* interruptible_sleep_on_timeout(...)
)
