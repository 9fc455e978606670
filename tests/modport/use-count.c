/* use-count: the forms a person must decide, and GNU and one-line fops. */
#include <linux/module.h>
#include <linux/fs.h>

#define GRAB() MOD_INC_USE_COUNT

static int a_open(struct inode *inode, struct file *file)
{
	if (MOD_IN_USE)
		return -EBUSY;
	if (file->f_flags & O_NONBLOCK)
		MOD_INC_USE_COUNT;
	else { MOD_INC_USE_COUNT; }
	return 0;
}

static int a_release(struct inode *inode, struct file *file)
{
	if (!file)
		goto out;
	MOD_DEC_USE_COUNT; return 0;
out:
	MOD_DEC_USE_COUNT;
}

static int b_open(struct inode *inode, struct file *file)
{
	switch (iminor(inode)) {
	case 0:
		MOD_INC_USE_COUNT;
		break;
	}
	return 0;
}

static int c_open(struct inode *inode, struct file *file)
{
	MOD_INC_USE_COUNT;
	return 0;
}

/* An if that only counts goes with its counts, when its test has no side effects. */
static void d_openclose(int open)
{
	if (open)
		MOD_INC_USE_COUNT;
	else
		MOD_DEC_USE_COUNT;
}

static void e_hangup(int rc, int *sync)
{
	if (rc != 0 && sync[0] > 1)
		MOD_DEC_USE_COUNT;
	if (hangup_later(rc) == 0)	/* a call: reported */
		MOD_DEC_USE_COUNT;
	if (rc)
		rc = 0;
	else if (rc < 0)		/* an else if: reported */
		MOD_DEC_USE_COUNT;
	if (rc++)			/* a side effect: reported */
		MOD_DEC_USE_COUNT;
	while (rc--)			/* a loop: reported */
		MOD_DEC_USE_COUNT;
}

static int d_open(struct inode *inode, struct file *file)
{
	MOD_INC_USE_COUNT;
	return 0;
}

static void not_fops(void)
{
	MOD_DEC_USE_COUNT;
}

struct file_operations a_fops = {
	open:		a_open,	/* GNU */
	release:	a_release,
};

static struct file_operations b_fops = { .open = b_open };

static struct file_operations c_fops = {
	.owner	= THIS_MODULE,
	.open	= c_open,
};

static struct file_operations d_fops = {
	NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL,
	d_open,
};

/* MOD_INC_USE_COUNT; in a comment, and in "MOD_INC_USE_COUNT;" */
static const char *s = "MOD_INC_USE_COUNT;";
