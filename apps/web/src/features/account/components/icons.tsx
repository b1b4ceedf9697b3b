import BankcardOutline from 'antd-mobile-icons/es/BankcardOutline';
import CheckShieldOutline from 'antd-mobile-icons/es/CheckShieldOutline';
import ExclamationShieldOutline from 'antd-mobile-icons/es/ExclamationShieldOutline';
import GlobalOutline from 'antd-mobile-icons/es/GlobalOutline';
import KeyOutline from 'antd-mobile-icons/es/KeyOutline';
import LockOutline from 'antd-mobile-icons/es/LockOutline';
import MessageOutline from 'antd-mobile-icons/es/MessageOutline';
import SetOutline from 'antd-mobile-icons/es/SetOutline';
import ShopbagOutline from 'antd-mobile-icons/es/ShopbagOutline';
import UserAddOutline from 'antd-mobile-icons/es/UserAddOutline';
import UserContactOutline from 'antd-mobile-icons/es/UserContactOutline';

export const icons = {
  language: <GlobalOutline />,
  loginPassword: <LockOutline />,
  payPassword: <KeyOutline />,
  security: <ExclamationShieldOutline />,
  service: <MessageOutline />,
  settings: <SetOutline />,
  shop: <ShopbagOutline />,
  invite: <UserAddOutline />,
  personal: <UserContactOutline />,
  identity: <CheckShieldOutline />,
  bank: <BankcardOutline />,
};
