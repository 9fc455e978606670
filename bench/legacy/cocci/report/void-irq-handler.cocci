// void-irq-handler (report): void f(int, void *, struct pt_regs *) handlers.
@@
identifier f, a, b, c;
type T;
@@
* void f(T a, void *b, struct pt_regs *c)
  {
  ...
  }
