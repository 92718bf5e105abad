// The provider's notion of now, injected so tests can move time (lock-outs, code and token expiry)
// without waiting.
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();
