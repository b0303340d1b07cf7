// Some Telegram answers carry a human description next to the result ("Webhook was set"); handlers return this
// wrapper when they want the envelope to include it.
export class ResultWithDescription {
  constructor(
    readonly result: unknown,
    readonly description: string,
  ) {}
}

export const withDescription = (result: unknown, description: string): ResultWithDescription =>
  new ResultWithDescription(result, description);
