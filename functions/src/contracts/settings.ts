/** settings/shop: read by the success pages, the contact page and the server's pricing. */
export interface ShopSettings {
  shopName: string;
  bank: { name: string; code: string; branch: string; accountName: string; account: string };
  shipping: { freeWithinTaiwan: boolean; fee: number; carrier: string; notes: string };
  paymentDueDays: number;
  contact: {
    email: string;
    phone: string;
    address: string;
    hours: string;
    line: string;
    facebook: string;
    instagram: string;
  };
  company: { name: string; taxId: string };
}
