import type { Socket } from 'node:net';
export function writeFrame(socket: Socket, message: unknown): void;
export function frameReader<T>(onMessage: (message: T) => void): (chunk: Buffer) => void;
