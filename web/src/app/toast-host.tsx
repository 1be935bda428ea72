import { Slide, ToastContainer } from 'react-toastify';
import { TOAST_OPTIONS } from '@/config/ui';

/** The toast container with the seed's settings; loaded after the first render. */
export default function ToastHost() {
  return <ToastContainer {...TOAST_OPTIONS} transition={Slide} />;
}
