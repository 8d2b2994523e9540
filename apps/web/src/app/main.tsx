import 'bootstrap/dist/css/bootstrap.min.css';
import './theme.css';
import './app.css';
import './phone.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router/dom';
import { router } from './router.tsx';
import { store } from './store.ts';
import { takeOverServerPage } from './server-page.ts';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
takeOverServerPage(container);

createRoot(container).render(
  <StrictMode>
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>
  </StrictMode>,
);
