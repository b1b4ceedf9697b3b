// The platform settings' door: what the whole platform shares and an admin sets (the customer-service contact).
export { ServiceContacts, serviceContactOf } from './service-contact';
