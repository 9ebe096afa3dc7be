import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  // Bundled into the server build so only the icons in use are loaded, not the whole icon set.
  ssr: { noExternal: ['lucide-react'] },
});
