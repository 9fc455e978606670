/* Defined in the driver's other file. */
int other_remove(struct platform_device *pdev);
