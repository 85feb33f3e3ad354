import { useEffect } from 'react';
import { useAppStore } from '../store/app/app-slice';
import { Home } from '../features/home/Home';

export function App() {
  const load = useAppStore((s) => s.load);
  useEffect(() => {
    void load();
  }, [load]);
  return <Home />;
}
