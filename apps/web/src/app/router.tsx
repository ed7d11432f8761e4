import { createBrowserRouter, Navigate } from 'react-router';

export const router = createBrowserRouter([
  { path: '/', element: <h1>Backtesting &amp; Scanning for US Stocks</h1> },
  { path: '*', element: <Navigate to="/" replace /> },
]);
