// set-module-owner (report): SET_MODULE_OWNER() became .owner = THIS_MODULE.
@@
@@
* SET_MODULE_OWNER(...)
