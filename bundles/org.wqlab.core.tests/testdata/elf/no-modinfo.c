/* A plain object without a .modinfo section. */
int answer(void) { return 42; }
