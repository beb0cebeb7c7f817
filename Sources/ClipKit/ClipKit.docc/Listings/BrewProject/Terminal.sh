clipkit manifest validate --manifest clipkit.json
clipkit generate entitlements --manifest clipkit.json --out ios
clipkit simulate https://brew.example/s/soho/t/12 --manifest clipkit.json --scenario all
clipkit doctor --manifest clipkit.json --app-entitlements ios/App.entitlements --clip-entitlements ios/AppClip.entitlements --clip-info-plist ios/AppClip-Info.plist
