import { DashboardHome } from '@/features/dashboard/components/dashboard-home';

export default DashboardHome;
