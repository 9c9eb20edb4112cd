import { NotFound } from '@/features/shell/components/not-found';

export default NotFound;
