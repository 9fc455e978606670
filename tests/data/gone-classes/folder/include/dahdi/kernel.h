/* The project's own header: the build adds -I$(src)/include; the kernel has no dahdi/ folder. */
#include <linux/version.h>
#if LINUX_VERSION_CODE >= KERNEL_VERSION(5, 18, 0)
#define pci_free_consistent(hwdev, size, vaddr, dma_handle) \
	dma_free_coherent(&(hwdev)->dev, size, vaddr, dma_handle)
#endif
