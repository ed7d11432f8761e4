export const BULK_TAG: string;
export function isBulk(sql: unknown): boolean;
