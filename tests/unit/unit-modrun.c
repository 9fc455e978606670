// SPDX-License-Identifier: GPL-2.0
/* Unit tests of modrun's host side: KTAP, log levels, taint letters, ELF. */
#include <elf.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../../modrun/cpio.h"
#include "../../modrun/deps.h"
#include "../../modrun/kimage.h"
#include "../../modrun/kmsg.h"
#include "../../modrun/ktap.h"
#include "../../modrun/modinfo.h"
#include "../../modrun/report.h"
#include "../../modrun/taint.h"
#include "../../modrun/testname.h"
#include "test-lib.h"

static const char hello_report[] =
	"noise before the report\n"
	"KTAP version 1\r\n"
	"# modrun-init: kernel 6.1.0-57-amd64\n"
	"# init-clock: 1.505\n"
	"1..2\n"
	"# kernel-taint before: 0\n"
	"# loading hello\n"
	"# log <4> [    1.552741] hello: loading out-of-tree module taints kernel.\n"
	"# log <1> [    1.557711] Hello, world\n"
	"# module-taint hello: OE\n"
	"# sysfs hello: present\n"
	"ok 1 load hello\n"
	"# unloading hello\n"
	"# log <1> [    1.575289] Goodbye, cruel world\n"
	"# sysfs hello: absent\n"
	"ok 2 unload hello\n"
	"# kernel-taint after: 12288\n"
	"# modrun-init: done\n"
	"ok 3 after the end is ignored\n";

static void test_ktap_hello(void)
{
	struct guest_report r;

	ktap_init(&r);
	ktap_parse_text(&r, hello_report);
	check(r.started);
	check(r.done);
	check_int(r.errors, ==, 0);
	check_str(r.release, "6.1.0-57-amd64");
	check_str(r.init_clock, "1.505");
	check_int(r.plan, ==, 2);
	check_int(r.taint_before, ==, 0);
	check_int(r.taint_after, ==, 12288);
	check_int(r.nr_steps, ==, 2);
	check_int(r.nr_log, ==, 3);
	check_str(r.steps[0].what, "load");
	check_str(r.steps[0].module, "hello");
	check(r.steps[0].ok);
	check_str(r.steps[0].module_taint, "OE");
	check_int(r.steps[0].sysfs, ==, 1);
	check_int(r.steps[0].log_first, ==, 0);
	check_int(r.steps[0].log_count, ==, 2);
	check_int(r.steps[1].log_first, ==, 2);
	check_int(r.steps[1].log_count, ==, 1);
	check_int(r.steps[1].sysfs, ==, 0);
	check_int(r.log[1].level, ==, 1);
	check_str(r.log[1].text, "Hello, world");
	check_str(r.log[1].time, "1.557711");
	ktap_free(&r);
}

static void test_ktap_failed_load(void)
{
	struct guest_report r;

	ktap_init(&r);
	ktap_parse_text(&r, "KTAP version 1\n1..2\n"
			    "# error: finit_module: ENODEV (No such device)\n"
			    "not ok 1 load enodev\n"
			    "ok 2 unload enodev # SKIP not loaded\n");
	check_int(r.nr_steps, ==, 2);
	check(!r.steps[0].ok);
	check_str(r.steps[0].error, "finit_module: ENODEV (No such device)");
	check(r.steps[1].ok);
	check(r.steps[1].skip);
	check(!r.done);
	ktap_free(&r);
}

static void test_ktap_wrong_number(void)
{
	struct guest_report r;

	ktap_init(&r);
	ktap_parse_text(&r, "KTAP version 1\n1..2\nok 2 load x\n"
			    "# log <9> bad level\nok 1 load x\n");
	check_int(r.errors, ==, 2);
	check_int(r.nr_steps, ==, 1);
	ktap_free(&r);
}

static void test_ktap_nothing_before_version(void)
{
	struct guest_report r;

	ktap_init(&r);
	ktap_parse_text(&r, "ok 1 load x\n# modrun-init: done\n");
	check(!r.started);
	check(!r.done);
	check_int(r.nr_steps, ==, 0);
	ktap_init(&r);
	ktap_parse_text(&r, "[  1.0] prefix KTAP version 1\nok 1 a b\n");
	check(r.started);
	check_int(r.nr_steps, ==, 1);
	ktap_free(&r);
}

static void test_ktap_result_forms(void)
{
	struct ktap_result res;

	check(ktap_parse_result("ok 1 load hello", &res));
	check(res.ok);
	check_int(res.number, ==, 1);
	check_str(res.name, "load hello");
	check_str(res.directive, "");
	check(ktap_parse_result("not ok 12 - name # SKIP why", &res));
	check(!res.ok);
	check_int(res.number, ==, 12);
	check_str(res.name, "name");
	check_str(res.directive, "SKIP why");
	check(!ktap_parse_result("ok load", &res));
	check(!ktap_parse_result("ok -1 x", &res));
	check(!ktap_parse_result("okay 1", &res));
	check(!ktap_parse_result("not  ok 1", &res));
}

static void test_kmsg_levels(void)
{
	struct log_record rec;

	check_str(kmsg_level_macro(1), "KERN_ALERT");
	check_str(kmsg_level_macro(4), "KERN_WARNING");
	check(kmsg_level_macro(8) == NULL);
	check(kmsg_level_macro(-1) == NULL);
	check_str(kmsg_level_name(0), "emerg");
	check_int(kmsg_level_from_name("alert"), ==, 1);
	check_int(kmsg_level_from_name("KERN_INFO"), ==, 6);
	check_int(kmsg_level_from_name("warning"), ==, 4);
	check_int(kmsg_level_from_name("7"), ==, 7);
	check_int(kmsg_level_from_name("8"), ==, -1);
	check_int(kmsg_level_from_name("loud"), ==, -1);
	check(kmsg_parse_record("<1> [    1.5] Hello, world", &rec));
	check_int(rec.level, ==, 1);
	check_str(rec.time, "1.5");
	check_str(rec.text, "Hello, world");
	free(rec.time);
	free(rec.text);
	check(kmsg_parse_record("<6> no time", &rec));
	check(rec.time == NULL);
	check_str(rec.text, "no time");
	free(rec.text);
	check(!kmsg_parse_record("<8> x", &rec));
	check(!kmsg_parse_record("1> x", &rec));
	check(!kmsg_parse_record("<1> [ 1.0 x", &rec));
}

static void test_taint_letters(void)
{
	char buf[64];

	check_str(taint_letters(12288, buf, sizeof(buf)), "OE");
	check_str(taint_letters(12289, buf, sizeof(buf)), "POE");
	check_str(taint_letters(0, buf, sizeof(buf)), "");
	check_str(taint_letters(1 << 7 | 1 << 9, buf, sizeof(buf)), "DW");
	check_str(taint_letters(12289, buf, 2), "P");
	check_int(taint_mask("OE"), ==, 12288);
	check_int(taint_mask("P"), ==, 1);
	check_int(taint_mask(""), ==, 0);
	check_int(taint_mask("Pz"), ==, -1);
	check_int(taint_bit('L'), ==, 14);
	check_int(taint_letter(13), ==, 'E');
	check_int(taint_letter(99), ==, 0);
	taint_explain("OE", buf, sizeof(buf));
	check_int(strlen(buf), ==, sizeof(buf) - 1);	/* cut, terminated */
	check(!strncmp(buf, "O E - out-of-tree module, unsigned module; no P", 47));
}

static void test_taint_explain(void)
{
	char buf[256];

	taint_explain("OE", buf, sizeof(buf));
	check_str(buf, "O E - out-of-tree module, unsigned module; no P: the license is GPL-compatible");
	taint_explain("POE", buf, sizeof(buf));
	check(strstr(buf, "P: the license is not GPL-compatible") != NULL);
	taint_explain("", buf, sizeof(buf));
	check_str(buf, "none - the kernel is not tainted");
}

/* A minimal relocatable x86-64 ELF with a .modinfo section. */
static size_t make_elf(unsigned char *buf, const char *modinfo, size_t len,
		       unsigned short machine)
{
	static const char shstr[] = "\0.modinfo\0.shstrtab";
	Elf64_Ehdr *eh = (Elf64_Ehdr *)buf;
	Elf64_Shdr *sh;
	size_t off = sizeof(*eh);

	memset(buf, 0, 4096);
	memcpy(eh->e_ident, ELFMAG, SELFMAG);
	eh->e_ident[EI_CLASS] = ELFCLASS64;
	eh->e_ident[EI_DATA] = ELFDATA2LSB;
	eh->e_type = ET_REL;
	eh->e_machine = machine;
	eh->e_shentsize = sizeof(Elf64_Shdr);
	eh->e_shnum = 3;
	eh->e_shstrndx = 2;
	memcpy(buf + off, modinfo, len);
	memcpy(buf + off + len, shstr, sizeof(shstr));
	eh->e_shoff = 512;
	sh = (Elf64_Shdr *)(buf + 512);
	sh[1] = (Elf64_Shdr){ .sh_name = 1, .sh_type = SHT_PROGBITS,
			      .sh_offset = off, .sh_size = len };
	sh[2] = (Elf64_Shdr){ .sh_name = 10, .sh_type = SHT_STRTAB,
			      .sh_offset = off + len, .sh_size = sizeof(shstr) };
	return 512 + 3 * sizeof(Elf64_Shdr);
}

static void test_modinfo(void)
{
	static const char info[] = "license=GPL\0name=hello\0vermagic=6.1.0-57-amd64 SMP mod_unload\0";
	static const char noname[] = "vermagic=6.1.0-57-amd64 SMP\0";
	static unsigned char buf[4096];
	struct modinfo mi;
	const char *why = NULL;
	char rel[64];
	size_t n;

	n = make_elf(buf, info, sizeof(info) - 1, EM_X86_64);
	check_int(modinfo_parse(buf, n, "x/hello.ko", &mi, &why), ==, 0);
	check_str(mi.name, "hello");
	check_str(mi.license, "GPL");
	modinfo_vermagic_release(mi.vermagic, rel, sizeof(rel));
	check_str(rel, "6.1.0-57-amd64");

	n = make_elf(buf, noname, sizeof(noname) - 1, EM_X86_64);
	check_int(modinfo_parse(buf, n, "dir/my-mod.ko", &mi, &why), ==, 0);
	check_str(mi.name, "my_mod");

	check_int(modinfo_parse(buf, n - 1, "t.ko", &mi, &why), ==, -EINVAL);
	check_str(why, "not a kernel module (no .modinfo section)");
	check_int(modinfo_parse("hello", 5, "t.ko", &mi, &why), ==, -EINVAL);
	check_str(why, "not an ELF file");
	n = make_elf(buf, info, sizeof(info) - 1, EM_AARCH64);
	check_int(modinfo_parse(buf, n, "t.ko", &mi, &why), ==, -EINVAL);
	check_str(why, "not an x86-64 ELF file");
	n = make_elf(buf, "name=x\0", 7, EM_X86_64);
	check_int(modinfo_parse(buf, n, "t.ko", &mi, &why), ==, -EINVAL);
	check_str(why, "not a kernel module (no vermagic in .modinfo)");
	n = make_elf(buf, info, sizeof(info) - 1, EM_X86_64);
	((Elf64_Ehdr *)buf)->e_shoff = 1u << 30;	/* headers out of the file */
	check_int(modinfo_parse(buf, n, "t.ko", &mi, &why), ==, -EINVAL);
}

static void test_cpio(void)
{
	char tmpl[] = "/tmp/unit-cpio-XXXXXX";
	char buf[1024];
	struct cpio c;
	ssize_t n;
	int fd = mkstemp(tmpl);

	check(fd >= 0);
	unlink(tmpl);
	cpio_init(&c, fd);
	cpio_add_dir(&c, "dev");
	cpio_add_file(&c, "init", 0755, "abc", 3);
	check_int(cpio_finish(&c), ==, 0);
	n = pread(fd, buf, sizeof(buf), 0);
	check_int(n % 4, ==, 0);
	check(!memcmp(buf, "070701", 6));
	check(!memcmp(buf + 110, "dev\0", 4));
	/* the file's header starts 4-aligned after "dev\0" (110 + 4 = 114 -> 116) */
	check(!memcmp(buf + 116, "070701", 6));
	check(!memcmp(buf + 116 + 54, "00000003", 8));	/* filesize */
	check(memmem(buf, (size_t)n, "TRAILER!!!", 10) != NULL);
	close(fd);
	cpio_init(&c, -1);
	cpio_add_dir(&c, "x");
	check_int(cpio_finish(&c), ==, -EBADF);
}

static int report_of(const char *text, const char *const *expect, int nr,
		     enum vm_end end, char **out)
{
	struct guest_report r;
	struct console_log con;
	struct run_info run = { .end = end, .timeout = 5, .wall = -1 };
	struct report_options ro = { .expect = (const char **)expect,
				     .nr_expect = nr,
				     .forbid_mask = taint_mask("PDWL") };
	size_t size;
	FILE *f = open_memstream(out, &size);
	int status;

	ktap_init(&r);
	console_init(&con);
	ktap_parse_text(&r, text);
	status = report_print(f, &r, &con, &run, &ro);
	fclose(f);
	ktap_free(&r);
	console_free(&con);
	return status;
}

static void test_report_verdicts(void)
{
	const char *const good[] = { "Hello, world" };
	const char *const bad[] = { "Hello, moon" };
	char *out;

	check_int(report_of(hello_report, good, 1, VM_POWERED_OFF, &out), ==, 0);
	check(strstr(out, "1..5\n") != NULL);
	check(strstr(out, "# KERN_ALERT   Hello, world\n") != NULL);
	check(strstr(out, "ok 4 expect \"Hello, world\"\n") != NULL);
	check(strstr(out, "# taint: O E - out-of-tree module") != NULL);
	free(out);
	check_int(report_of(hello_report, bad, 1, VM_POWERED_OFF, &out), ==, 1);
	check(strstr(out, "not ok 4 expect \"Hello, moon\"\n") != NULL);
	free(out);
	/* the same report, cut before its end, is a failure */
	check_int(report_of("KTAP version 1\n1..2\nok 1 load hello\n", NULL, 0,
			    VM_TIMED_OUT, &out), ==, 1);
	check(strstr(out, "not ok 2 unload hello # TIMEOUT 5 seconds\n") != NULL);
	check(strstr(out, "not ok 4 kernel # TIMEOUT\n") != NULL);
	free(out);
}

static void test_console_crash(void)
{
	struct console_log con;
	int i;

	console_init(&con);
	check(!console_is_crash_line("[ 1.0] reboot: Power down"));
	check(console_is_crash_line("[ 1.0] Kernel panic - not syncing: x"));
	check(console_is_crash_line("[ 1.0] BUG: kernel NULL pointer dereference"));
	for (i = 0; i < 100; i++)
		console_add_line(&con, "[ 1.0] noise\r");
	console_add_line(&con, "[ 2.0] Kernel panic - not syncing: boom");
	console_add_line(&con, "[ 2.1] BUG: later");
	check_str(con.crash, "[ 2.0] Kernel panic - not syncing: boom");
	check_int(con.nr_lines, ==, 102);
	check_str(con.tail[99 % CONSOLE_TAIL], "[ 1.0] noise");
	console_free(&con);
}

/*
 * A crash's lines are kept from its first line on, CONSOLE_CRASH of them,
 * however many lines come after: a panic whose trace runs past the tail
 * still shows its first line and the trace's top; a copy of the log
 * (--each's verdict of the boot) keeps them too.
 */
static void test_console_crash_lines(void)
{
	struct console_log con, copy;
	int i;

	console_init(&con);
	console_init(&copy);
	for (i = 0; i < 5; i++)
		console_add_line(&con, "[ 1.0] before");
	console_add_line(&con, "[ 2.0] Kernel panic - not syncing: boom\r");
	console_add_line(&con, "[ 2.1]  panic_init+0x11/0x1000 [panic]");
	for (i = 0; i < 100; i++)
		console_add_line(&con, "[ 2.2]  ? 0xffffffffc0205000");
	check_int(con.crash_at, ==, 5);
	check_int(con.nr_crash_lines, ==, CONSOLE_CRASH);
	check_str(con.crash_lines[0], "[ 2.0] Kernel panic - not syncing: boom");
	check_str(con.crash_lines[1], "[ 2.1]  panic_init+0x11/0x1000 [panic]");
	console_copy(&copy, &con);
	check_int(copy.nr_lines, ==, 102);	/* from the crash on, each once */
	check_str(copy.crash, "[ 2.0] Kernel panic - not syncing: boom");
	check_str(copy.crash_lines[1], "[ 2.1]  panic_init+0x11/0x1000 [panic]");
	console_free(&copy);
	/* lines past both: the crash's, then the tail, the rest not kept */
	console_init(&copy);
	for (i = 0; i < 100; i++)
		console_add_line(&con, "[ 3.0] later");
	console_copy(&copy, &con);
	check_int(copy.nr_lines, ==, CONSOLE_CRASH + CONSOLE_TAIL);
	check_str(copy.crash_lines[0], "[ 2.0] Kernel panic - not syncing: boom");
	check_str(copy.tail[(copy.nr_lines - 1) % CONSOLE_TAIL], "[ 3.0] later");
	console_free(&copy);
	console_free(&con);
	/* no crash: a copy is the tail */
	console_init(&con);
	console_init(&copy);
	for (i = 0; i < 50; i++)
		console_add_line(&con, "[ 1.0] noise");
	console_copy(&copy, &con);
	check_int(copy.nr_lines, ==, CONSOLE_TAIL);
	check_int(copy.nr_crash_lines, ==, 0);
	console_free(&copy);
	console_free(&con);
}

static const char exec_report[] =
	"KTAP version 1\n"
	"1..3\n"
	"# loading echo\n"
	"ok 1 load echo\n"
	"# exec: \"cat /dev/echo\"\n"
	"# out: first line\n"
	"# out: \n"
	"# log <6> [    2.000000] echo: read\n"
	"# status: exit 3\n"
	"not ok 2 exec \"cat /dev/echo\"\n"
	"# exec: \"sleep 600\"\n"
	"# out: waiting\n";

static int plan_report(const char *text, const struct plan_step *plan,
		       int nr, enum vm_end end, char **out)
{
	struct guest_report r;
	struct console_log con;
	struct run_info run = { .end = end, .timeout = 5, .wall = -1 };
	struct report_options ro = { .plan = plan, .nr_plan = nr,
				     .forbid_mask = taint_mask("PDWL") };
	size_t size;
	FILE *f = open_memstream(out, &size);
	int status;

	ktap_init(&r);
	console_init(&con);
	ktap_parse_text(&r, text);
	status = report_print(f, &r, &con, &run, &ro);
	fclose(f);
	ktap_free(&r);
	console_free(&con);
	return status;
}

static void test_exec_steps(void)
{
	static const struct plan_step plan[] = {
		{ "load", "echo" }, { "exec", "\"cat /dev/echo\"" },
		{ "exec", "\"sleep 600\"" }, { "unload", "echo" },
	};
	struct guest_report r;
	char *out;

	ktap_init(&r);
	ktap_parse_text(&r, exec_report);
	check_int(r.nr_steps, ==, 2);
	check_str(r.steps[1].what, "exec");
	check_str(r.steps[1].module, "\"cat /dev/echo\"");
	check_str(r.steps[1].status, "exit 3");
	check_int(r.steps[1].out_count, ==, 2);
	check_str(r.out[r.steps[1].out_first], "first line");
	check_str(r.out[r.steps[1].out_first + 1], "");
	check_int(r.steps[1].log_count, ==, 1);
	check_str(r.pending.what, "exec");	/* where it was when it ended */
	ktap_free(&r);

	check_int(plan_report(exec_report, plan, 4, VM_TIMED_OUT, &out), ==, 1);
	check(strstr(out, "1..6\n") != NULL);	/* 4 steps, 1 taint, kernel */
	check(strstr(out, "# first line\n# \n# KERN_INFO    echo: read\n# exit status 3\nnot ok 2 exec \"cat /dev/echo\"\n") != NULL);
	check(strstr(out, "# logged before the VM ended:\n# waiting\n") != NULL);
	check(strstr(out, "not ok 3 exec \"sleep 600\" # TIMEOUT 5 seconds\n") != NULL);
	check(strstr(out, "not ok 4 unload echo # TIMEOUT\n") != NULL);
	free(out);
	/* parse mode: the plan is the report's, and the step it ended in */
	check_int(plan_report(exec_report, NULL, 0, VM_TIMED_OUT, &out), ==, 1);
	check(strstr(out, "not ok 3 exec \"sleep 600\" # TIMEOUT 5 seconds\n") != NULL);
	check(strstr(out, "not ok 4 unload echo # TIMEOUT\n") != NULL);
	free(out);
}

static void test_testname(void)
{
	char buf[TESTNAME_SIZE], long_cmd[300];

	testname_exec("echo a#b\tc", buf, sizeof(buf));
	check_str(buf, "exec \"echo a_b c\"");
	memset(long_cmd, 'x', sizeof(long_cmd) - 1);
	long_cmd[sizeof(long_cmd) - 1] = '\0';
	testname_exec(long_cmd, buf, sizeof(buf));
	check_int(strlen(buf), ==, 5 + 1 + TESTNAME_CMD_MAX + 3 + 1);
	check(strstr(buf, "xxx...\"") != NULL);
}

static void test_deps(void)
{
	char dir[] = "/tmp/unit-modrun-deps-XXXXXX", path[128], name[64];
	const struct deps_entry **order = NULL;
	const char *missing = NULL;
	struct deps_index idx;
	size_t nr = 0;
	FILE *f;

	deps_name_of("kernel/lib/crc-itu-t.ko.xz", name, sizeof(name));
	check_str(name, "crc_itu_t");
	deps_name_of("snd-pcm.ko", name, sizeof(name));
	check_str(name, "snd_pcm");
	check(mkdtemp(dir) != NULL);
	snprintf(path, sizeof(path), "%s/modules.dep", dir);
	f = fopen(path, "w");
	check(f != NULL);
	if (!f)
		return;
	fputs("kernel/a/top.ko: kernel/b/mid-dle.ko.zst kernel/c/base.ko\n"
	      "kernel/b/mid-dle.ko.zst: kernel/c/base.ko\n"
	      "kernel/c/base.ko:\n"
	      "kernel/d/other.ko: kernel/c/base.ko\n", f);
	fclose(f);
	check_int(deps_index_load(&idx, dir), ==, 0);
	check_int(idx.nr_entries, ==, 4);
	/* top needs mid_dle and base: base first; other's base is not twice */
	check_int(deps_resolve(&idx, "top,other", NULL, NULL, &order, &nr,
			       &missing), ==, 0);
	check_int(nr, ==, 4);
	if (nr == 4) {
		check_str(order[0]->name, "base");
		check_str(order[1]->name, "mid_dle");
		check_str(order[2]->name, "top");
		check_str(order[3]->name, "other");
		check_str(order[1]->path, "kernel/b/mid-dle.ko.zst");
	}
	free(order);
	order = NULL;
	nr = 0;
	check_int(deps_resolve(&idx, "mid-dle,nosuch", NULL, NULL, &order, &nr,
			       &missing), ==, -ENOENT);
	check_str(missing, "nosuch");
	free(order);
	deps_index_free(&idx);
	check_int(deps_index_load(&idx, "/nonexistent"), ==, -ENOENT);
	unlink(path);
	rmdir(dir);
}

/* A kernel image whole, truncated, or not a kernel at all. */
static void test_kimage(void)
{
	static unsigned char elf[4096], bz[1024];
	Elf64_Ehdr eh = { .e_ident = { 0x7f, 'E', 'L', 'F', ELFCLASS64 } };
	Elf64_Phdr ph = { .p_type = PT_LOAD, .p_offset = 2048, .p_filesz = 1024 };
	char why[128];

	eh.e_machine = EM_X86_64;
	eh.e_phoff = sizeof(eh);
	eh.e_phnum = 1;
	eh.e_phentsize = sizeof(ph);
	eh.e_shoff = 3072;
	eh.e_shnum = 4;
	eh.e_shentsize = 64;
	memcpy(elf, &eh, sizeof(eh));
	memcpy(elf + sizeof(eh), &ph, sizeof(ph));
	check_int(kimage_check(elf, sizeof(elf), sizeof(elf), why, sizeof(why)), ==, 0);
	check_int(kimage_check(elf, sizeof(elf), 3100, why, sizeof(why)), ==, -EINVAL);
	check(strstr(why, "section headers") != NULL);
	eh.e_shoff = 0;
	eh.e_shnum = 0;
	memcpy(elf, &eh, sizeof(eh));
	check_int(kimage_check(elf, sizeof(elf), 3000, why, sizeof(why)), ==, -EINVAL);
	check(strstr(why, "loadable segment") != NULL);
	check_int(kimage_check(elf, 3, 3, why, sizeof(why)), ==, -EINVAL);

	memcpy(bz + 0x202, "HdrS", 4);
	bz[0x1f1] = 1;			/* setup: 2 sectors */
	bz[0x1f4] = 0x10;		/* payload: 16 paragraphs = 256 bytes */
	check_int(kimage_check(bz, sizeof(bz), 1024 + 256, why, sizeof(why)), ==, 0);
	check_int(kimage_check(bz, sizeof(bz), 1024 + 255, why, sizeof(why)), ==, -EINVAL);
	check(strstr(why, "truncated") != NULL);
	memcpy(bz + 0x202, "XXXX", 4);
	check_int(kimage_check(bz, sizeof(bz), sizeof(bz), why, sizeof(why)), ==, -EINVAL);
	check(strstr(why, "neither") != NULL);
}

int main(void)
{
	TEST(test_kimage(), "a truncated or corrupted kernel image is named before booting");
	TEST(test_ktap_hello(), "a complete report is parsed into steps, log and taints");
	TEST(test_ktap_failed_load(), "a failed load keeps its errno; a skipped unload is a skip");
	TEST(test_ktap_wrong_number(), "out-of-order results and bad log lines are errors");
	TEST(test_ktap_nothing_before_version(), "lines before the version line are ignored, prefixes stripped");
	TEST(test_ktap_result_forms(), "result lines: KTAP and TAP forms, directives, malformed");
	TEST(test_kmsg_levels(), "log levels: names, macros, records");
	TEST(test_taint_letters(), "taint letters from masks and back");
	TEST(test_taint_explain(), "taint explained in words");
	TEST(test_modinfo(), "module ELF checks: name, vermagic, malformed files");
	TEST(test_cpio(), "newc archive layout and write errors");
	TEST(test_report_verdicts(), "verdicts: pass, unmet expectation, timeout");
	TEST(test_console_crash_lines(), "a crash's lines kept from its first line on, past the tail; a copy of the log keeps them, and without a crash is the tail");
	TEST(test_console_crash(), "console: crash lines and the tail");
	TEST(test_exec_steps(), "exec steps: output, exit status, a command cut by the timeout");
	TEST(test_testname(), "exec test names: no '#', no control characters, long commands cut");
	TEST(test_deps(), "modules.dep: names, dependencies first and once, a missing one named");
	return test_done();
}
