/* The driver's own prototypes of what 2.4's busmouse.c exported. */
struct busmouse;
extern int register_busmouse(struct busmouse *ops);
extern int unregister_busmouse(int mousedev);
