// use-count: MOD_INC_USE_COUNT; / MOD_DEC_USE_COUNT; statements removed
// (the .owner = THIS_MODULE part of the rule is not attempted here).
@@
@@
(
- MOD_INC_USE_COUNT;
|
- MOD_DEC_USE_COUNT;
)
