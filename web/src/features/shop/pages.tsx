// The shop area's routed pages, one per file; this module is the area's lazily loaded chunk.
export { ShopPage } from './ShopPage';
export { ShopItemPage } from './ShopItemPage';
export { MerchBasketPage } from './MerchBasketPage';
export { MerchStepOne } from './MerchStepOne';
export { MerchStepTwo } from './MerchStepTwo';
export { MerchStepThree } from './MerchStepThree';
