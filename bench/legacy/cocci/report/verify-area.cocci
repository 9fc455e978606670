// verify-area (report): verify_area() became access_ok().
@@
@@
* verify_area(...)
