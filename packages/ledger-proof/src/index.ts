export * from './archive';
export * from './chain';
export * from './checkpoint';
export { bytesToHex, hexToBytes, sha256Hex } from './hash';
export * from './merkle';
export * from './statement';
