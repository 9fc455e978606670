// check-region (report): check_region() races; request_region() instead.
@@
@@
* check_region(...)
