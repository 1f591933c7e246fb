import { Toaster } from 'sonner';

/** The page's one notice area: toasts raised by any island on the page appear here and are announced. */
export default function NoticeToaster({ label }: { label: string }) {
  return <Toaster position="bottom-center" containerAriaLabel={label} toastOptions={{ className: 'book-notice' }} />;
}
