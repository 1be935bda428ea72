import { Slide, ToastContainer } from 'react-toastify';
import { TOAST_OPTIONS } from '@/config/ui';

/** The toast container with the seed's settings; mounted with the first toast (web/src/lib/toast.ts). */
export default function ToastHost() {
  return <ToastContainer {...TOAST_OPTIONS} transition={Slide} />;
}
