// What a background job reports while it runs: the metrics count its runs in progress (decision 077).
export type WorkGauge = { track<T>(job: string, run: () => Promise<T>): Promise<T> };
