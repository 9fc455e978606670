// no-version: #define __NO_VERSION__ removed
@@
@@
- #define __NO_VERSION__
