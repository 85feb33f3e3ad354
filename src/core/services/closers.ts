/** What must close, in the reverse order it was opened; one failing closer does not keep the others open. */
export class Closers {
  private readonly list: (() => unknown)[] = [];

  add(close: () => unknown): void {
    this.list.push(close);
  }

  async closeAll(): Promise<void> {
    const failures: unknown[] = [];
    for (const close of this.list.splice(0).reverse()) {
      try {
        await close();
      } catch (error) {
        failures.push(error);
      }
    }
    if (failures.length === 1)
      throw failures[0] instanceof Error ? failures[0] : new Error(String(failures[0]));
    if (failures.length > 1) throw new AggregateError(failures, 'closing the app core failed');
  }
}
