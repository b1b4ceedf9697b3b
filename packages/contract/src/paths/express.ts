/** The rows of `expressRoutes` (express.ts): method, path and auth. See route.ts `PathRow`. */

export const train = { method: 'GET', path: '/merchant/index/train', auth: 'merchant' } as const;
export const buyTrain = { method: 'POST', path: '/merchant/index/buy_train', auth: 'merchant' } as const;
export const buyTrainBill = {
  method: 'GET',
  path: '/merchant/index/buy_train_bill',
  auth: 'merchant',
} as const;
